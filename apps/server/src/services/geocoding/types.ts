/** Where a coordinate came from, coarsest last: a geocoding provider, a ZIP centroid, a city centroid, a state centroid. */
export type GeocodeSource = 'provider' | 'zip-table' | 'city-table' | 'state-table';

export interface GeocodeResult {
  lat: number;
  lng: number;
  displayName: string;
  source: GeocodeSource;
}
