/** Spec §2: the destination is the second comma-separated part of the delivery address, else the current location. */
export function destinationOf(pkg: { deliveryAddress: string; currentLocation: string }): string {
  const second = pkg.deliveryAddress.split(',')[1]?.trim();
  return second || pkg.currentLocation;
}
