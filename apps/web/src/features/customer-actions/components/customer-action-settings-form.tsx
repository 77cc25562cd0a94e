import { customerActionSettingsSchema, requirementFor, SERVICE_TYPES, type CustomerActionSettings } from '@cargo/shared';
import { Alert, Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { serverMessage, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCustomerActionSettings, useSaveCustomerActionSettings, useSignatureRules } from '../api/customer-action-settings.ts';
import { DISPATCH_CA_TEXTS as T, WEEKDAYS } from '../dispatch-texts.ts';

/** The form's values: numbers as typed (a NumberInput may be empty), the rest as the schema has them. */
interface Values extends Omit<CustomerActionSettings, 'daysAhead' | 'rescheduleLimit' | 'linkDaysAfterDelivery'> {
  daysAhead: number | string;
  rescheduleLimit: number | string;
  linkDaysAfterDelivery: number | string;
}
type Errors = Record<string, string>;

const toSettings = (v: Values): unknown => ({
  ...v,
  daysAhead: v.daysAhead === '' ? undefined : Number(v.daysAhead),
  rescheduleLimit: v.rescheduleLimit === '' ? undefined : Number(v.rescheduleLimit),
  linkDaysAfterDelivery: v.linkDaysAfterDelivery === '' ? undefined : Number(v.linkDaysAfterDelivery),
  workingDays: [...v.workingDays].sort(),
  closedDates: [...v.closedDates].sort(),
});

/** 'windows.1.end' for the second window's end; the field's key is the issue's path joined with dots. */
const keyOf = (path: ReadonlyArray<PropertyKey>) => path.map(String).join('.');

/**
 * Dispatch's settings for customer actions (issue 33, decision 102), in the panel's Settings group: the days a customer
 * may choose (working days, next-day cut-off, days ahead, closed dates, windows within the day), how often, and how
 * long the link works after delivery. Checked with the shared schema before it is sent; the server checks it again.
 */
export function CustomerActionSettingsForm() {
  const settings = useCustomerActionSettings();
  const save = useSaveCustomerActionSettings();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [closedDate, setClosedDate] = useState('');

  useEffect(() => {
    if (settings.data && !values) setValues(settings.data);
  }, [settings.data, values]);

  if (settings.isError) return <Alert color="red">{serverMessage(settings.error)}</Alert>;
  if (!values) return <Skeleton height={320} />;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => (v ? { ...v, [key]: value } : v));
  const setWindow = (i: number, end: 'start' | 'end', value: string) => set('windows', values.windows.map((w, j) => (j === i ? { ...w, [end]: value } : w)));
  const addClosedDate = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(closedDate)) return setErrors((e) => ({ ...e, closedDates: 'Use YYYY-MM-DD' }));
    if (!values.closedDates.includes(closedDate)) set('closedDates', [...values.closedDates, closedDate].sort());
    setClosedDate('');
    setErrors(({ closedDates: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerActionSettingsSchema.safeParse(toSettings(values));
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[keyOf(issue.path)] ??= issue.message;
      setErrors(found);
      toastError(T.saveFailed, T.fixErrors);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(saved);
        toastSuccess(T.saved);
      },
      onError: (error) => toastError(T.saveFailed, serverMessage(error)),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" maw={760}>
      <form onSubmit={submit} noValidate aria-labelledby="ca-settings-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="ca-settings-title">
              {T.settingsTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {T.settingsIntro}
            </Text>
          </div>

          <Checkbox.Group label={T.workingDays} value={values.workingDays.map(String)} onChange={(days) => set('workingDays', days.map(Number))} error={errors.workingDays}>
            <Group gap="md" mt={6}>
              {WEEKDAYS.map((day, i) => (
                <Checkbox key={day} value={String(i)} label={day} />
              ))}
            </Group>
          </Checkbox.Group>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput type="time" label={T.nextDayCutoff} description={T.nextDayCutoffHelp} value={values.nextDayCutoff} onChange={(e) => set('nextDayCutoff', e.currentTarget.value)} error={errors.nextDayCutoff} />
            <NumberInput label={T.daysAhead} description={T.daysAheadHelp} min={1} max={30} allowDecimal={false} value={values.daysAhead} onChange={(v) => set('daysAhead', v)} error={errors.daysAhead} />
          </SimpleGrid>

          <div>
            <Group align="flex-end" gap="sm">
              <TextInput type="date" label={T.closedDates} description={T.closedDatesHelp} value={closedDate} onChange={(e) => setClosedDate(e.currentTarget.value)} error={errors.closedDates} style={{ flex: '1 1 12rem' }} />
              <Button variant="default" onClick={addClosedDate}>
                {T.addClosedDate}
              </Button>
            </Group>
            {values.closedDates.length === 0 ? (
              <Text size="sm" c="dimmed" mt={4}>
                {T.noClosedDates}
              </Text>
            ) : (
              <ul aria-label={T.closedDates} style={{ listStyle: 'none', padding: 0, margin: '0.5rem 0 0', display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
                {values.closedDates.map((d) => (
                  <li key={d}>
                    <Button size="compact-sm" variant="light" rightSection="×" aria-label={T.remove(d)} onClick={() => set('closedDates', values.closedDates.filter((x) => x !== d))}>
                      {d}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)', padding: 0 }}>{T.windows}</legend>
            <Text size="xs" c="dimmed" mb={6}>
              {T.windowsHelp}
            </Text>
            <Stack gap="xs">
              {values.windows.map((w, i) => (
                <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput type="time" label={T.windowStart(i + 1)} value={w.start} onChange={(e) => setWindow(i, 'start', e.currentTarget.value)} error={errors[`windows.${i}.start`]} style={{ flex: '1 1 0', minWidth: 0 }} />
                  <TextInput
                    type="time"
                    label={T.windowEnd(i + 1)}
                    value={w.end}
                    onChange={(e) => setWindow(i, 'end', e.currentTarget.value)}
                    error={errors[`windows.${i}.end`] ?? errors[`windows.${i}`]}
                    style={{ flex: '1 1 0', minWidth: 0 }}
                  />
                  <Button variant="subtle" color="red" px="xs" mt={24} onClick={() => set('windows', values.windows.filter((_, j) => j !== i))} aria-label={T.remove(`window ${i + 1}`)}>
                    ×
                  </Button>
                </Group>
              ))}
              {errors.windows && (
                <Text size="sm" c="red.8">
                  {errors.windows}
                </Text>
              )}
              <div>
                <Button variant="default" size="xs" disabled={values.windows.length >= 8} onClick={() => set('windows', [...values.windows, { start: '09:00', end: '12:00' }])}>
                  {T.addWindow}
                </Button>
              </div>
            </Stack>
          </fieldset>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput label={T.rescheduleLimit} description={T.rescheduleLimitHelp} min={0} max={10} allowDecimal={false} value={values.rescheduleLimit} onChange={(v) => set('rescheduleLimit', v)} error={errors.rescheduleLimit} />
            <NumberInput label={T.linkDays} description={T.linkDaysHelp} min={1} max={90} allowDecimal={false} value={values.linkDaysAfterDelivery} onChange={(v) => set('linkDaysAfterDelivery', v)} error={errors.linkDaysAfterDelivery} />
          </SimpleGrid>

          <WaivableTypes />

          <Group>
            <Button type="submit" loading={save.isPending}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Where a customer may waive the signature: set per service type in Delivery Proof, shown here as it stands. */
function WaivableTypes() {
  const rules = useSignatureRules();
  if (!rules.data) return null;
  // A service type without a saved requirement asks for no signature (the server's rule, requirementFor).
  const waivable = SERVICE_TYPES.filter((type) => !requirementFor(rules.data.requirements, type).signatureRequired);
  return (
    <div>
      <Text size="sm" fw={500}>
        {T.waivable}
      </Text>
      <Text size="sm" c="dimmed">
        {T.waivableHelp}
      </Text>
      <Text size="sm" data-testid="waivable-types">
        {waivable.length ? waivable.join(', ') : T.waivableNone}
      </Text>
    </div>
  );
}
