import { Button, MantineProvider, Table, Text } from '@mantine/core';
import { createElement as h, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { PlainButton, PlainDimmedText, PlainTd, PlainTr } from './plain-rows.tsx';

// The Packages tab's rows are drawn without Mantine's components but must be what those components render.
// Markup with each element's attributes in one order (React writes them in the order of the props given).
const html = (node: ReactNode) =>
  renderToStaticMarkup(h(MantineProvider, { theme, withCssVariables: false, defaultColorScheme: 'light' }, node)).replace(
    /<([a-z]+)((?:\s+[a-z-]+="[^"]*")*)\s*>/g,
    (_tag, name: string, attributes: string) => `<${name}${(attributes.match(/[a-z-]+="[^"]*"/g) ?? []).sort().map((a) => ` ${a}`).join('')}>`,
  );
const inTable = (row: ReactNode) => h(Table, { striped: true, highlightOnHover: true }, h(Table.Tbody, null, row));
const noop = () => undefined;
// Mantine's polymorphic components, as plain components for createElement.
const MantineButton = Button as unknown as ComponentType<Record<string, unknown>>;
const MantineText = Text as unknown as ComponentType<Record<string, unknown>>;

describe('plain rows of the Packages tab', () => {
  it('draw a row and its cells as Table.Tr and Table.Td of a striped table with hover', () => {
    const mantine = html(inTable(h(Table.Tr, null, h(Table.Td, null, 'a'), h(Table.Td, { className: 'wide' }, h('strong', null, 'b')))));
    const plain = html(inTable(h(PlainTr, null, h(PlainTd, null, 'a'), h(PlainTd, { className: 'wide' }, h('strong', null, 'b')))));
    expect(plain).toBe(mantine);
    expect(plain).toContain('data-striped="odd"');
  });

  it('draw the Edit and History buttons as Button size xs, light and subtle', () => {
    for (const variant of ['light', 'subtle'] as const) {
      for (const spaced of [false, true]) {
        const mantine = html(h(MantineButton, { size: 'xs', variant, mt: spaced ? 4 : undefined, onClick: noop, 'aria-label': 'Edit Package PKG1' }, 'Edit Package'));
        const plain = html(h(PlainButton, { variant, spaced, onClick: noop, 'aria-label': 'Edit Package PKG1', children: 'Edit Package' }));
        expect(plain, `${variant}${spaced ? ', spaced' : ''}`).toBe(mantine);
      }
    }
  });

  it("draw the customer's phone as Text size xs, dimmed", () => {
    expect(html(h(PlainDimmedText, { className: 'nowrap' }, '(414) 555-0100'))).toBe(html(h(MantineText, { size: 'xs', c: 'dimmed', className: 'nowrap' }, '(414) 555-0100')));
  });
});
