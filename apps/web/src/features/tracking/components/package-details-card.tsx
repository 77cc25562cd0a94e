import type { PublicPackage } from '@cargo/shared';
import { Card } from '@mantine/core';
import { memo } from 'react';
import { DETAILS_TEXTS } from '../texts.ts';
import classes from './package-view.module.css';

/** Spec §2 'Package Details card'; the contact phone is shown as the server sends it (masked for the public). */
export const PackageDetailsCard = memo(function PackageDetailsCard({ pkg }: { pkg: PublicPackage }) {
  const rows: Array<[string, string]> = [
    [DETAILS_TEXTS.customerName, pkg.customerName],
    [DETAILS_TEXTS.contactPhone, pkg.customerPhone],
    [DETAILS_TEXTS.weight, pkg.weight || DETAILS_TEXTS.notGiven],
    [DETAILS_TEXTS.dimensions, pkg.dimensions || DETAILS_TEXTS.notGiven],
    [DETAILS_TEXTS.serviceType, pkg.serviceType],
  ];
  if (pkg.itemDescription) rows.push([DETAILS_TEXTS.itemDescription, pkg.itemDescription]);
  if (pkg.driver) rows.push([DETAILS_TEXTS.driver, pkg.driver]);
  if (pkg.driverPhone) rows.push([DETAILS_TEXTS.driverPhone, pkg.driverPhone]);

  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="details-title">
      <h3 id="details-title" className={classes.cardTitle}>
        {DETAILS_TEXTS.title}
      </h3>
      <dl className={classes.details}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
});
