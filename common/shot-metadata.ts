// What the service is told about a new shot: one list of fields from the window (and the CLI and
// watched folders) through the journal to the request body (main/service/request-bodies.ts).

export interface ShotMetadata {
  title: string;
  description?: string;
  tags?: string[];
  lowProfile?: boolean;
  teamId?: number;
  reboundSourceId?: number;
  /** ISO 8601 UTC; absent means publish at once. */
  scheduledFor?: string;
}
