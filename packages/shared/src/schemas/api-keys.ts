import { z } from 'zod';

/**
 * API keys for the shops and systems that create packages (issue 19, design.md §9): a fourth principal with scopes,
 * checked by the same role table.
 */
export const API_KEY_SCOPES = ['packages:read', 'packages:write', 'tracking:read', 'webhooks:manage', 'payments:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'packages:read': 'Read packages (the full view, the list)',
  'packages:write': 'Create and change packages and their status',
  'tracking:read': 'Read live tracking',
  'webhooks:manage': 'Register and manage webhook endpoints',
  'payments:write': "Record a package's payments (a shop's online payment)",
};

export const apiKeyInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Unknown scope. Allowed: ${API_KEY_SCOPES.join(', ')}` }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's visible beginning ('ck_3f9a1c2b'), to recognise it; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the secret, once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
