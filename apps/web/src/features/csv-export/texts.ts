/** The CSV export button's words. */
export const EXPORT_TEXT = {
  button: 'Export CSV',
  exporting: 'Exporting…',
  failed: 'Export failed',
  label: (what: string) => `Export ${what} as CSV`,
  what: { packages: 'these packages', drivers: 'drivers', 'pickup-requests': 'pickup requests' } as const,
};
