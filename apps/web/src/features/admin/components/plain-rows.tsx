import { Button, rem, Table, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties, MouseEventHandler, ReactNode } from 'react';

/*
 * The rows of the Packages tab as plain elements carrying the markup Mantine would render for them: its classes, data
 * attributes and CSS variables, so they look and behave as Mantine's. On the panel's first load the 25 rows were about
 * 400 Mantine components (a row, 11 cells, 2 buttons, a text), each resolving its props, styles and variables; drawing
 * them was most of the blocking time of the signed-in panel on a phone (issue 21, part 7). Only for a table rendered
 * as `<Table striped highlightOnHover>` (Mantine's default row borders). `plain-rows.test.ts` renders each of these
 * beside Mantine's own component and fails when the markup differs (a Mantine upgrade that changes it).
 */

const cx = (...names: Array<string | undefined | false>) => names.filter(Boolean).join(' ');

/** `<Table.Tr>` of a `<Table striped highlightOnHover>`. */
export function PlainTr({ children }: { children: ReactNode }) {
  return (
    <tr className={`${Table.classes.tr} mantine-Table-tr`} data-with-row-border="true" data-striped="odd" data-hover="true">
      {children}
    </tr>
  );
}

/** `<Table.Td>`. */
export function PlainTd({ className, children }: { className?: string; children?: ReactNode }) {
  return <td className={cx(Table.classes.td, 'mantine-Table-td', className)}>{children}</td>;
}

const BUTTON_CLASS = `mantine-focus-auto mantine-active ${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
/** The variables Mantine's Button sets for size xs in the primary colour; the two variants differ in background only. */
const buttonVars = (background: string): CSSProperties =>
  ({
    '--button-height': 'var(--button-height-xs)',
    '--button-padding-x': 'var(--button-padding-x-xs)',
    '--button-fz': 'var(--mantine-font-size-xs)',
    '--button-bg': background,
    '--button-hover': 'var(--mantine-color-blue-light-hover)',
    '--button-color': 'var(--mantine-color-blue-light-color)',
    '--button-bd': `${rem(1)} solid transparent`,
  }) as CSSProperties;
const BUTTON_VARS = { light: buttonVars('var(--mantine-color-blue-light)'), subtle: buttonVars('transparent') };
const SPACED_VARS = { light: { ...BUTTON_VARS.light, marginTop: rem(4) }, subtle: { ...BUTTON_VARS.subtle, marginTop: rem(4) } };

interface PlainButtonProps {
  variant: 'light' | 'subtle';
  /** `mt={4}`: below another button in the same cell. */
  spaced?: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
  'aria-label': string;
  children: string;
}

/** `<Button size="xs" variant={variant}>` of the theme's primary colour (blue). */
export function PlainButton({ variant, spaced, onClick, children, 'aria-label': ariaLabel }: PlainButtonProps) {
  const style = (spaced ? SPACED_VARS : BUTTON_VARS)[variant];
  return (
    <button className={BUTTON_CLASS} data-variant={variant} data-size="xs" type="button" aria-label={ariaLabel} style={style} onClick={onClick}>
      <span className={`${Button.classes.inner} mantine-Button-inner`}>
        <span className={`${Button.classes.label} mantine-Button-label`}>{children}</span>
      </span>
    </button>
  );
}

const DIMMED_XS: CSSProperties = { '--text-fz': 'var(--mantine-font-size-xs)', '--text-lh': 'var(--mantine-line-height-xs)', color: 'var(--mantine-color-dimmed)' } as CSSProperties;

/** `<Text size="xs" c="dimmed">`. */
export function PlainDimmedText({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <p className={cx('mantine-focus-auto', className, Text.classes.root, 'mantine-Text-root')} data-size="xs" style={DIMMED_XS}>
      {children}
    </p>
  );
}
