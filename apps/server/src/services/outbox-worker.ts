/** What a worker turns: read new events into messages, send the due ones (notifications, webhooks). */
export interface OutboxConsumer {
  processEvents(): Promise<number>;
  sendDue(): Promise<number>;
}

/**
 * The background side of a consumer of the event outbox, customer notifications (decision 046) or webhooks (decision
 * 048): every `pollMs` it reads new events into messages and sends the due ones, and keeps going while there is work.
 * Each instance runs one per consumer; claims in the database keep them from sending a message twice. A failure (the database down) is logged once and retried on the next turn; the process
 * never dies of it. Started and stopped with the app (plugins/services.ts).
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private failing = false;

  constructor(
    private readonly service: OutboxConsumer,
    private readonly pollMs: number,
    private readonly log: { warn(obj: object, msg: string): void },
    /** Names the worker in its log lines. */
    private readonly label = 'notifications',
  ) {}

  start(): void {
    if (this.pollMs === 0) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for work now (after a change in this process), instead of at the next turn. */
  nudge(): void {
    if (this.stopped || this.pollMs === 0 || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.turn(), ms);
    this.timer.unref();
  }

  private async turn(): Promise<void> {
    this.timer = null;
    this.running = this.work();
    await this.running;
    this.running = null;
    this.schedule(this.pollMs);
  }

  private async work(): Promise<void> {
    try {
      for (let busy = true; busy && !this.stopped; ) {
        const read = await this.service.processEvents();
        const sent = await this.service.sendDue();
        busy = read + sent > 0;
      }
      if (this.failing) this.log.warn({}, `${this.label}: working again`);
      this.failing = false;
    } catch (err) {
      if (!this.failing) this.log.warn({ err }, `${this.label}: a turn failed; trying again`);
      this.failing = true;
    }
  }
}
