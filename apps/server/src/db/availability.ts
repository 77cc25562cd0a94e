/**
 * Whether the database is reachable, as the requests and a probe see it (issue 10). While it is down, API requests
 * are answered 503 at once instead of each waiting for its own connection attempt to time out, and a probe pings it
 * every `probeMs` until it answers; then everything serves again, without a restart.
 */
export class DatabaseAvailability {
  private down = false;
  private probe: NodeJS.Timeout | null = null;

  constructor(
    private readonly ping: () => Promise<boolean>,
    private readonly onChange: (up: boolean) => void = () => {},
    private readonly probeMs = 500,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /** A request met an unreachable database: start probing until it answers. */
  markDown(): void {
    if (this.down) return;
    this.down = true;
    this.onChange(false);
    this.schedule();
  }

  private schedule(): void {
    this.probe = setTimeout(() => {
      void this.ping().then(
        (ok) => {
          if (!this.down) return;
          if (ok) {
            this.down = false;
            this.probe = null;
            this.onChange(true);
          } else this.schedule();
        },
        () => this.schedule(),
      );
    }, this.probeMs);
    this.probe.unref();
  }

  stop(): void {
    if (this.probe) clearTimeout(this.probe);
    this.probe = null;
  }
}
