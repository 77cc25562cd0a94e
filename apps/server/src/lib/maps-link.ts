// Maps-link parsing is shared with the admin page, which reads a link itself before it asks the server.
export { isShortMapsLink, parseMapsLink, type LatLng } from '@cargo/shared';
