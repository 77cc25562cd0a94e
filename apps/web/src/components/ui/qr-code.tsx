import { Skeleton } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

export interface QrCodeProps {
  /** The text the code carries (a URL, a device identifier). */
  value: string;
  /** What the code is for, read by screen readers ('QR code for the tracking link'). */
  label: string;
  /** Edge length in CSS pixels. */
  size?: number;
}

/**
 * A QR code drawn in the browser (design.md §1: never an external image service, which would see every link).
 * The `qrcode` package is loaded only by the screens that show one.
 */
export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setDataUrl(null);
    toDataURL(value, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (!cancelled) setDataUrl(url);
      })
      .catch(() => {
        // A value too long for a QR code: the text beside it still carries it.
        if (!cancelled) setDataUrl('');
      });
    return () => {
      cancelled = true;
    };
  }, [value, size]);

  if (dataUrl === null) return <Skeleton width={size} height={size} aria-label={label} />;
  if (!dataUrl) return null;
  return <img src={dataUrl} alt={label} width={size} height={size} data-qr-value={value} />;
}
