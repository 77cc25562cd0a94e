/**
 * A package's weight as a number (issue 34): read from the spec's free weight text ('2 lb', '15 kg', '500 g',
 * '1.5kg', '3 lbs', '12 oz') so planning can respect a vehicle's weight capacity. Text that does not parse (empty,
 * 'heavy', '2-3 kg') has no numeric weight: the package then counts 0 towards weight, and its count towards packages.
 */
const UNIT_KG: Record<string, number> = {
  kg: 1,
  kgs: 1,
  kilo: 1,
  kilos: 1,
  kilogram: 1,
  kilograms: 1,
  g: 0.001,
  gram: 0.001,
  grams: 0.001,
  lb: 0.45359237,
  lbs: 0.45359237,
  pound: 0.45359237,
  pounds: 0.45359237,
  oz: 0.028349523125,
  ounce: 0.028349523125,
  ounces: 0.028349523125,
};

const WEIGHT = /^(\d+(?:[.,]\d+)?)\s*([a-z]+)\.?$/;

/** Kilograms, rounded to grams, or null when the text is not one number and one known unit. */
export function parseWeightKg(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = WEIGHT.exec(text.trim().toLowerCase());
  if (!match) return null;
  const factor = UNIT_KG[match[2]!];
  if (factor === undefined) return null;
  const value = Number(match[1]!.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return Math.round(value * factor * 1000) / 1000;
}
