import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { DRIVER_TEXTS as T } from '../texts.ts';
import classes from './close-stop-sheet.module.css';

/**
 * A signature drawn with a finger (signature_pad). Reports a PNG of it after every stroke, or null once cleared.
 * The canvas is sized to its box at the screen's pixel ratio, so the line is sharp and lands under the finger.
 */
export function SignatureField({ onChange, required, error }: { onChange: (png: Blob | null) => void; required: boolean; error?: string | null }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: '#111', minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    const report = () => {
      if (pad.isEmpty()) return onChangeRef.current(null);
      canvas.toBlob((blob) => onChangeRef.current(blob), 'image/png');
    };
    pad.addEventListener('endStroke', report);
    return () => {
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  return (
    <div>
      <Group justify="space-between" align="baseline" gap="xs">
        <Text component="span" fw={600} id="signature-label">
          {T.signature} <Text component="span" size="sm" c="dimmed">({required ? T.required : T.optional})</Text>
        </Text>
        <Button variant="subtle" size="sm" onClick={clear}>
          {T.clearSignature}
        </Button>
      </Group>
      <Text size="sm" id="signature-hint">
        {T.signatureHint}
      </Text>
      <canvas
        ref={canvasRef}
        className={classes.signature}
        role="img"
        aria-label={T.signaturePad}
        aria-describedby="signature-hint"
        data-testid="signature-pad"
      />
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
