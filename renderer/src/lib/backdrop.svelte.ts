// What transparent art is shown on: the service's light page (the default: art is seen as it will
// be on the service, whatever the window's theme), dark, or a checkerboard. A choice of display
// only: it is kept in this window's storage and never reaches main, so it never changes what is sent.
export const BACKDROPS = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'checker', label: 'Checker' },
] as const;
export type Backdrop = (typeof BACKDROPS)[number]['value'];

const KEY = 'shotput.backdrop';

function stored(): Backdrop {
  try {
    const value = localStorage.getItem(KEY);
    return BACKDROPS.some((option) => option.value === value) ? (value as Backdrop) : 'light';
  } catch {
    return 'light';
  }
}

class BackdropChoice {
  current = $state<Backdrop>(stored());

  constructor() {
    document.documentElement.dataset.backdrop = this.current;
  }

  choose(value: Backdrop): void {
    this.current = value;
    document.documentElement.dataset.backdrop = value;
    try {
      localStorage.setItem(KEY, value);
    } catch {
      // Storage refused (a private profile): the choice holds for this session.
    }
  }
}

export const backdrop = new BackdropChoice();
