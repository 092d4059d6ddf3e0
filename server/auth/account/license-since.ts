/**
 * Since when the account holds a license: its created_at (migration 0030). A row the previous
 * release inserted while both ran has none; its updated_at is the best date there is, as the
 * migration took it for the licenses before it.
 */
export function licenseSince(row: { created_at: number | string | null; updated_at: number | string }): number {
  return Number(row.created_at ?? row.updated_at);
}
