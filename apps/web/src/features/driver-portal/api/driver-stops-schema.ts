/**
 * The stops' response schema, in a module of its own so that get-driver-stops.ts can import it lazily: it is built
 * with zod, which no driver screen needs for its first paint (issue 21, part 7; decision 052).
 */
export { driverStopsSchema } from '@cargo/shared';
