import type { Package } from '@cargo/shared';
import { Card, Group, Text, Title } from '@mantine/core';
import { useCurrency } from '../../../lib/currency.ts';
import { useDriverCash, useStopBalance } from '../api/get-payments.ts';
import { DRIVER_TEXTS as T } from '../texts.ts';
import classes from './collect-banner.module.css';

/**
 * "Collect $120.00 before unloading" (issue 32): shown above everything else on a stop while it owes money and
 * dispatch has not released it. Nothing at all for a stop that owes nothing.
 */
export function CollectBanner({ pkg, pollMs = false }: { pkg: Package; pollMs?: number | false }) {
  const money = useCurrency();
  const ledger = useStopBalance(pkg, pollMs);
  const l = ledger.data;
  if (!l || l.balance <= 0) return null;
  if (l.released) {
    return (
      <Text size="sm" c="dimmed">
        {T.releasedNoPayment}
      </Text>
    );
  }
  return (
    <div className={classes.banner} role="status">
      <strong>{T.collectBeforeUnloading(money.format(l.balance))}</strong>
      {l.paid > 0 ? T.alreadyPaid(money.format(l.paid), money.format(l.amountDue)) : T.collectHint}
    </div>
  );
}

/** The driver's own cash in hand: every cash payment they recorded less what dispatch entered as handed over. */
export function CashInHandCard({ pollMs = false }: { pollMs?: number | false }) {
  const money = useCurrency();
  const cash = useDriverCash(pollMs);
  if (!cash.data) return null;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          {T.cashInHand}
        </Title>
        <Text fw={700} size="lg" aria-label={`${T.cashInHand}: ${money.format(cash.data.inHand)}`}>
          {money.format(cash.data.inHand)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {T.cashInHandDetail(money.format(cash.data.cash), money.format(cash.data.handedOver))}
      </Text>
    </Card>
  );
}
