// Where each command's code lives. Modules load only when their command runs, so `--help`,
// `--version` and `completion` start without sharp, the queue or the sandbox.
import type { CliCommand } from './command';

type Loader = () => Promise<CliCommand>;

export const commandLoaders: Readonly<Record<string, Loader>> = {
  prepare: () => import('./prepare').then((m) => m.prepareCommand),
  upload: () => import('./upload').then((m) => m.uploadCommand),
  watch: () => import('./watch').then((m) => m.watchCommand),
  queue: () => import('./queue').then((m) => m.queueCommand),
  login: () => import('./login').then((m) => m.loginCommand),
  logout: () => import('./logout').then((m) => m.logoutCommand),
  whoami: () => import('./whoami').then((m) => m.whoamiCommand),
  shots: () => import('./shots').then((m) => m.shotsCommand),
  popular: () => import('./popular').then((m) => m.popularCommand),
  comments: () => import('./comments').then((m) => m.commentsCommand),
};
