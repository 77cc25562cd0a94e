import { z } from 'zod';

/** One run of the retention job (issue 21, decision 075): rows removed by kind, statements, duration. */
export const retentionRunSchema = z.object({
  fixes: z.number(),
  devicePoints: z.number(),
  sessions: z.number(),
  notificationMessages: z.number(),
  /** Pruning steps other features register (the audit log), by name. */
  other: z.record(z.string(), z.number()),
  batches: z.number(),
  ms: z.number(),
  stopped: z.boolean(),
});
export type RetentionRunResult = z.infer<typeof retentionRunSchema>;

/** `GET /api/database/retention`: the settings in force (env RETENTION_*) and the last run of this process. */
export const retentionStatusSchema = z.object({
  settings: z.object({
    trailDays: z.number(),
    afterTrail: z.enum(['minute', 'final']),
    devicePointsDays: z.number(),
    sessionsDays: z.number(),
    notificationsDays: z.number(),
    batchRows: z.number(),
    everyMinutes: z.number(),
  }),
  lastRun: retentionRunSchema.extend({ finishedAt: z.string() }).nullable(),
});
export type RetentionStatus = z.infer<typeof retentionStatusSchema>;
