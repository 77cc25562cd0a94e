import type { DayPlan } from '@cargo/shared';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { serverMessage } from '../../../lib/toast.ts';
import { usePlanDay, useShifts } from '../api/planning.ts';
import { PLANNING_TEXT as T } from '../texts.ts';
import { PlanReview } from './plan-review.tsx';
import { ServiceTimes } from './service-times.tsx';
import { ShiftsEditor } from './shifts-editor.tsx';
import { Unrouted } from './unrouted.tsx';

/** Tomorrow on this browser's calendar, as YYYY-MM-DD: the day dispatch usually plans. */
function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The Planning tab (issue 34, parts 1, 4 and 5): the day's shifts, then 'Plan' (the server's planner, nothing stored),
 * the plan reviewed on a map with totals, stops moved by hand and checked, and committed in one step; then, during the
 * day, the due packages in no driver's order, each inserted into a route by the server.
 */
export function PlanningTab() {
  const [date, setDate] = useState(tomorrow);
  const [dirty, setDirty] = useState(false);
  const shifts = useShifts(date);
  const plan = usePlanDay();
  const [result, setResult] = useState<{ date: string; plan: DayPlan; key: number; committed: boolean } | null>(null);

  const changeDate = (next: string) => {
    setDate(next);
    setResult(null);
    plan.reset();
  };
  const run = () =>
    plan.mutate(date, {
      onSuccess: (planned) => setResult((was) => ({ date, plan: planned, key: (was?.key ?? 0) + 1, committed: false })),
    });
  const saved = shifts.data?.shifts ?? [];
  const canPlan = saved.length > 0 && !dirty;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {T.title}
      </Title>
      <Text size="sm" c="dimmed">
        {T.intro}
      </Text>
      <Group align="flex-end">
        <TextInput type="date" label={T.date} value={date} onChange={(e) => e.currentTarget.value && changeDate(e.currentTarget.value)} />
      </Group>
      <ShiftsEditor key={date} date={date} onDirtyChange={setDirty} />
      <ServiceTimes />
      <Stack gap={6}>
        <Group>
          <Button onClick={run} loading={plan.isPending} disabled={!canPlan}>
            {result ? T.plan.again : T.plan.button}
          </Button>
        </Group>
        {plan.isPending && (
          <Text size="sm" role="status" aria-live="polite">
            {T.plan.busy}
          </Text>
        )}
        {!plan.isPending && dirty && <Text size="sm">{T.shifts.unsaved}</Text>}
        {!plan.isPending && !dirty && shifts.data && saved.length === 0 && <Text size="sm">{T.plan.noShifts}</Text>}
        {plan.isError && (
          <Alert color="red" role="alert" title={T.plan.failed}>
            {serverMessage(plan.error) ?? plan.error.message}
          </Alert>
        )}
      </Stack>
      {result && result.date === date && (
        <PlanReview key={result.key} date={date} proposed={result.plan} planKey={result.key} shifts={saved} onCommitted={() => setResult((was) => was && { ...was, committed: true })} />
      )}
      <Unrouted key={`unrouted-${date}`} date={date} shifts={saved} reviewing={result !== null && result.date === date && !result.committed} />
    </Stack>
  );
}
