/**
 * Dispatch's customer-action views in one chunk (the admin route imports this module lazily for all four): one more
 * dynamic entry reaching the shared rules instead of four, so Rollup keeps those rules out of the site's entry chunk.
 */
export { CustomerActionSettingsForm } from './customer-action-settings-form.tsx';
export { DriverRatings } from './driver-ratings.tsx';
export { PackageCustomerActions } from './package-customer-actions.tsx';
export { ToReplanList } from './to-replan-list.tsx';
