/**
 * Spec 4: only one of the menu drawer, the category drawer and the contact overlay is open at a
 * time; opening one closes the others; choosing a menu item closes them all.
 */
export type Panel = 'menu' | 'categories' | 'contact';

export interface ShellState {
  open: Panel | null;
}

export type ShellAction =
  | { type: 'toggle'; panel: Panel }
  | { type: 'open'; panel: Panel }
  | { type: 'close' }
  | { type: 'chooseMenu' };

export const initialShellState: ShellState = { open: null };

export function shellReducer(state: ShellState, action: ShellAction): ShellState {
  switch (action.type) {
    case 'toggle':
      return { open: state.open === action.panel ? null : action.panel };
    case 'open':
      return { open: action.panel };
    case 'close':
    case 'chooseMenu':
      return state.open === null ? state : { open: null };
  }
}
