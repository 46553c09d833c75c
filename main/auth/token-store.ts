// The signed-in accounts, one per service, and the client secrets of the user's own applications.
// Every value is sealed with the SecretBox it is given (safeStorage in the desktop app; in the CLI the
// file's 0600 mode is the protection) and kept through a TextPersistence (electron-store in the app, a
// file in the CLI data dir). Tokens never leave the main process; accountSummary() is what the UI may see.
import * as v from 'valibot';
import { rememberSecret } from '../service/known-secrets';

/** Encrypts and decrypts strings. `protection` says how strong that is, for the settings screen. */
export interface SecretBox {
  protection: 'os-keychain' | 'basic-text' | 'file-permissions';
  seal(plain: string): string;
  open(sealed: string): string;
}

/** Where the sealed record lives: one text blob read and written whole. */
export interface TextPersistence {
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

export interface StoredAccount {
  serviceId: string;
  accessToken: string;
  tokenType: string;
  scope: string;
  user: { id: number; username: string; name: string };
  signedInAt: string;
}

/** What the renderer and the logs may know about an account. */
export interface AccountSummary {
  serviceId: string;
  scope: string;
  user: { id: number; username: string; name: string };
  signedInAt: string;
}

const StoredAccountSchema = v.object({
  serviceId: v.string(),
  accessToken: v.string(),
  tokenType: v.string(),
  scope: v.string(),
  user: v.object({ id: v.number(), username: v.string(), name: v.string() }),
  signedInAt: v.string(),
});

const RecordSchema = v.object({
  version: v.literal(1),
  accounts: v.record(v.string(), v.string()),
  clientSecrets: v.record(v.string(), v.string()),
});
type SealedRecord = v.InferOutput<typeof RecordSchema>;

/** What signing in and out use of a token store: the store itself, or (in the app's engine) main's through a port. */
export type TokenKeeper = Pick<
  TokenStore,
  | 'protection'
  | 'account'
  | 'saveAccount'
  | 'forgetAccount'
  | 'clientSecret'
  | 'saveClientSecret'
  | 'forgetClientSecret'
  | 'summaries'
>;

export class TokenStore {
  private cache: SealedRecord | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly box: SecretBox,
    private readonly persistence: TextPersistence,
  ) {}

  get protection(): SecretBox['protection'] {
    return this.box.protection;
  }

  async account(serviceId: string): Promise<StoredAccount | undefined> {
    const sealed = (await this.load()).accounts[serviceId];
    if (sealed === undefined) return undefined;
    const parsed = v.safeParse(StoredAccountSchema, parseJson(this.openSafely(sealed)));
    if (parsed.success) rememberSecret(parsed.output.accessToken);
    return parsed.success ? parsed.output : undefined;
  }

  async saveAccount(account: StoredAccount): Promise<void> {
    rememberSecret(account.accessToken);
    await this.update((record) => {
      record.accounts[account.serviceId] = this.box.seal(JSON.stringify(account));
    });
  }

  /** Sign-out: the token is forgotten (the service has no revocation endpoint to call). */
  async forgetAccount(serviceId: string): Promise<boolean> {
    let existed = false;
    await this.update((record) => {
      existed = serviceId in record.accounts;
      delete record.accounts[serviceId];
    });
    return existed;
  }

  async clientSecret(serviceId: string): Promise<string | undefined> {
    const sealed = (await this.load()).clientSecrets[serviceId];
    const secret = sealed === undefined ? undefined : this.openSafely(sealed) || undefined;
    rememberSecret(secret);
    return secret;
  }

  async saveClientSecret(serviceId: string, secret: string): Promise<void> {
    rememberSecret(secret);
    await this.update((record) => {
      record.clientSecrets[serviceId] = this.box.seal(secret);
    });
  }

  async forgetClientSecret(serviceId: string): Promise<void> {
    await this.update((record) => {
      delete record.clientSecrets[serviceId];
    });
  }

  async summaries(): Promise<AccountSummary[]> {
    const ids = Object.keys((await this.load()).accounts);
    const accounts = await Promise.all(ids.map((id) => this.account(id)));
    return accounts.filter((a): a is StoredAccount => a !== undefined).map(accountSummary);
  }

  private async load(): Promise<SealedRecord> {
    if (this.cache) return this.cache;
    const text = await this.persistence.read();
    const parsed = text === undefined ? undefined : v.safeParse(RecordSchema, parseJson(text));
    // An unreadable record is treated as empty: the user signs in again, nothing crashes.
    this.cache = parsed?.success ? parsed.output : { version: 1, accounts: {}, clientSecrets: {} };
    return this.cache;
  }

  private async update(change: (record: SealedRecord) => void): Promise<void> {
    const run = async () => {
      const record = structuredClone(await this.load());
      change(record);
      await this.persistence.write(JSON.stringify(record));
      this.cache = record;
    };
    this.writing = this.writing.then(run, run);
    await this.writing;
  }

  /** A value sealed by another machine or OS user cannot be opened: treat it as absent. */
  private openSafely(sealed: string): string {
    try {
      return this.box.open(sealed);
    } catch {
      return '';
    }
  }
}

export function accountSummary(account: StoredAccount): AccountSummary {
  return { serviceId: account.serviceId, scope: account.scope, user: account.user, signedInAt: account.signedInAt };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
