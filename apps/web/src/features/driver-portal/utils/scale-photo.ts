/** The longest side of a photo as uploaded: enough to read a house number, a fraction of a phone camera's bytes. */
export const UPLOAD_MAX_SIDE = 1600;

/**
 * Scales a photo down in the browser before upload (issue 18): upright by its orientation, at most 1,600 px on the
 * longest side, re-encoded as JPEG (which also drops its metadata here already; the server removes it in any case).
 * A picture the browser cannot decode is sent as it is, and the server answers for it.
 */
export async function scalePhoto(file: Blob, maxSide = UPLOAD_MAX_SIDE): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
