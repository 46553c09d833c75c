// Commands from the application menu (main sends them as the contract's menu.command event). The
// shell switches to the view a command belongs to; a command only a view can carry out (Upload all,
// with the view's own choices) waits here until that view has opened and takes it.
import type { MenuCommand } from '../../../common/contract/index';

class MenuCommands {
  pending = $state<MenuCommand | undefined>(undefined);

  /** The pending command if it is `command`, cleared; undefined otherwise. */
  take(command: MenuCommand): boolean {
    if (this.pending !== command) return false;
    this.pending = undefined;
    return true;
  }
}

export const menuCommands = new MenuCommands();
