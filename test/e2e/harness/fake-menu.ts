// Menu of the Electron double. Menu.buildFromTemplate checks the template as Electron does (an
// array of items each with a label, role or type; a known role; a submenu that is an array), and
// more strictly for one case Electron lets pass silently: a role that exists only on macOS, used
// on Windows or Linux, throws instead of becoming an item that does nothing there. The
// application menu is kept so a test can find an item and click it, as the user would.
import { MAC_ONLY_ROLES, MENU_ROLES, type DoublePlatform } from './platform-rules';

/** A menu item as a test finds it: its template entry (label, role, accelerator, click). */
export interface FakeMenuItem {
  id?: string;
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  click?: (...args: unknown[]) => void;
  submenu?: FakeMenuItem[];
}

const roles = new Map<string, string>(MENU_ROLES.map((role) => [role.toLowerCase(), role]));
const macOnly = new Set<string>(MAC_ONLY_ROLES.map((role) => role.toLowerCase()));
const TYPES = new Set(['normal', 'separator', 'submenu', 'checkbox', 'radio', 'header', 'palette']);

export class FakeMenu {
  applicationMenu: { items: FakeMenuItem[] } | null = null;

  constructor(private readonly platform: DoublePlatform) {}

  buildFromTemplate(template: unknown): { items: FakeMenuItem[] } {
    if (!Array.isArray(template)) throw new TypeError('Invalid template for Menu: Menu template must be an array');
    for (const item of template as FakeMenuItem[]) this.checkItem(item);
    return { items: template as FakeMenuItem[] };
  }

  private checkItem(item: FakeMenuItem): void {
    if (typeof item !== 'object' || item === null)
      throw new TypeError('Invalid template for MenuItem: an item must be an object');
    if (item.label === undefined && item.role === undefined && item.type === undefined) {
      throw new TypeError('Invalid template for MenuItem: must have at least one of label, role or type');
    }
    if (item.type !== undefined && !TYPES.has(item.type)) throw new TypeError(`Invalid menu item type: ${item.type}`);
    if (item.role !== undefined) {
      const known = roles.get(String(item.role).toLowerCase());
      if (known === undefined) throw new TypeError(`Invalid menu item role: ${String(item.role)}`);
      if (this.platform !== 'darwin' && macOnly.has(known.toLowerCase())) {
        throw new TypeError(
          `The menu role "${known}" exists only on macOS; on ${this.platform} it would be an item that does nothing.`,
        );
      }
    }
    if (item.submenu !== undefined) {
      if (!Array.isArray(item.submenu)) throw new TypeError('Invalid submenu');
      for (const child of item.submenu) this.checkItem(child);
    }
  }

  setApplicationMenu(menu: { items: FakeMenuItem[] } | null): void {
    this.applicationMenu = menu;
  }

  getApplicationMenu(): { items: FakeMenuItem[] } | null {
    return this.applicationMenu;
  }

  /** The application menu's item with this id (at any depth). */
  item(id: string): FakeMenuItem {
    const search = (items: FakeMenuItem[]): FakeMenuItem | undefined => {
      for (const item of items) {
        if (item.id === id) return item;
        const found = search(item.submenu ?? []);
        if (found) return found;
      }
      return undefined;
    };
    const found = search(this.applicationMenu?.items ?? []);
    if (found === undefined) throw new Error(`The application menu has no item "${id}".`);
    return found;
  }

  /** Clicks an item of the application menu, as Electron does (item, window, event). */
  click(id: string): void {
    const item = this.item(id);
    if (item.click === undefined) throw new Error(`The menu item "${id}" does nothing when clicked.`);
    item.click(item, undefined, { triggeredByAccelerator: false });
  }
}
