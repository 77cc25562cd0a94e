/** Types for the `zipcodes` package (US ZIP centroids; it ships no types of its own). Only what we read. */
declare module 'zipcodes' {
  interface ZipCodeRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  interface ZipCodes {
    codes: Record<string, ZipCodeRecord>;
  }
  const zipcodes: ZipCodes;
  export = zipcodes;
}
