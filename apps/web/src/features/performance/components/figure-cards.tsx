import { FIGURE_DEFINITIONS, type FigureName, type Figures, type FigureSet } from '@cargo/shared';
import { ActionIcon, Group, Paper, Popover, SimpleGrid, Text } from '@mantine/core';
import { percentText } from '../lib/format.ts';
import { PERFORMANCE_TEXT } from '../texts.ts';
import classes from './performance.module.css';

const T = PERFORMANCE_TEXT;

interface Card {
  name: string;
  definition: FigureName;
  value: (s: FigureSet) => number | null;
  text: (s: FigureSet) => string;
  /** A rate compares in points, a count in its own units. */
  rate?: boolean;
  sub?: (s: FigureSet) => string;
}

const count = (v: number) => v.toLocaleString('en-US');

const CARDS: Card[] = [
  { name: T.headline.delivered, definition: 'delivered', value: (s) => s.delivered, text: (s) => count(s.delivered) },
  { name: T.headline.onTimeRate, definition: 'onTimeRate', value: (s) => s.onTimeRate, text: (s) => percentText(s.onTimeRate, T.noRate), rate: true },
  { name: T.headline.firstAttemptRate, definition: 'firstAttemptRate', value: (s) => s.firstAttemptRate, text: (s) => percentText(s.firstAttemptRate, T.noRate), rate: true },
  { name: T.headline.attempts, definition: 'attemptsByReason', value: (s) => s.attempts, text: (s) => count(s.attempts) },
  { name: T.headline.exceptions, definition: 'exceptions', value: (s) => s.exceptions, text: (s) => count(s.exceptions) },
  { name: T.headline.returns, definition: 'returns', value: (s) => s.returns, text: (s) => count(s.returns) },
  { name: T.headline.proofCompleteness, definition: 'proofCompleteness', value: (s) => s.proofCompleteness, text: (s) => percentText(s.proofCompleteness, T.noRate), rate: true },
  {
    name: T.headline.ratings,
    definition: 'ratings',
    value: (s) => s.ratings.average,
    text: (s) => (s.ratings.average === null ? T.noRate : `${s.ratings.average.toFixed(2)} ★`),
    sub: (s) => T.ratingsOf(s.ratings.count),
  },
];

function change(card: Card, now: FigureSet, before: FigureSet): string {
  const a = card.value(now);
  const b = card.value(before);
  if (a === null || b === null) return T.change.none;
  const diff = card.rate ? Math.round((a - b) * 1000) / 10 : Math.round((a - b) * 100) / 100;
  if (diff === 0) return T.change.same;
  const text = card.rate ? `${Math.abs(diff).toFixed(1)} points` : count(Math.abs(diff));
  return diff > 0 ? T.change.up(text) : T.change.down(text);
}

/** The headline figures, each with the previous period's, the change, and its definition behind an info button. */
export function FigureCards({ figures }: { figures: Figures }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {CARDS.map((card) => (
        <Paper key={card.name} withBorder p="sm" radius="md" component="section" aria-label={card.name}>
          <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
            <Text size="sm" fw={600}>
              {card.name}
            </Text>
            <Popover width={280} position="bottom-end" withArrow shadow="md">
              <Popover.Target>
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={T.definitionOf(card.name)}>
                  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5">
                    <circle cx="8" cy="8" r="6.5" />
                    <path d="M8 7.2v4M8 4.6v.2" strokeLinecap="round" />
                  </svg>
                </ActionIcon>
              </Popover.Target>
              <Popover.Dropdown>
                <Text size="sm">{figures.definitions[card.definition] ?? FIGURE_DEFINITIONS[card.definition]}</Text>
              </Popover.Dropdown>
            </Popover>
          </Group>
          <Text className={classes.cardValue} data-figure={card.definition}>
            {card.text(figures.figures)}
          </Text>
          {card.sub && <Text size="xs">{card.sub(figures.figures)}</Text>}
          <Text size="xs" c="dimmed">
            {T.previous}: {card.text(figures.previous)} · {change(card, figures.figures, figures.previous)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
