/**
 * Tabs without a state machine, for the screens a phone opens first (decision 011). They look exactly
 * like Chakra's Tabs (the same `tabs` slot recipe, variants and style props, on plain elements) and
 * follow the WAI-ARIA tabs pattern: one tab stop, arrow keys, Home and End move between the tabs and
 * select them, each panel is labelled by its tab. Chakra's Tabs run zag's tabs machine, which brings
 * zag's runtime and the presence machine with it: about 10 KB br that every phone downloaded before
 * /profile, for what these tabs do not need (the animated indicator, vertical and manual modes, content
 * kept mounted). Screens opened later keep Chakra's Tabs.
 *
 * Only the selected panel is rendered (Chakra's `lazyMount` with `unmountOnExit`).
 */
import { createSlotRecipeContext, type HTMLChakraProps, type SlotRecipeProps } from '@chakra-ui/react';
import { createContext, useContext, useId, type KeyboardEvent } from 'react';

const { withProvider, withContext } = createSlotRecipeContext({ key: 'tabs' });

interface TabsState {
  value: string;
  select: (value: string) => void;
  /** Prefix of the tab and panel ids (aria-controls / aria-labelledby). */
  id: string;
}

const StateContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(StateContext);
  if (!state) throw new Error('SimpleTabs parts must be inside SimpleTabs.Root');
  return state;
}

const HORIZONTAL = { 'data-orientation': 'horizontal' } as const;
const tabId = (id: string, value: string) => `${id}-tab-${value}`;
const panelId = (id: string, value: string) => `${id}-panel-${value}`;

const StyledRoot = withProvider<HTMLDivElement, HTMLChakraProps<'div', SlotRecipeProps<'tabs'>>>('div', 'root');
const StyledList = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'list');
const StyledTrigger = withContext<HTMLButtonElement, HTMLChakraProps<'button'>>('button', 'trigger');
const StyledContent = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'content');

export interface SimpleTabsRootProps extends Omit<HTMLChakraProps<'div', SlotRecipeProps<'tabs'>>, 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
}

function Root({ value, onValueChange, children, ...rest }: SimpleTabsRootProps) {
  const id = useId();
  return (
    <StateContext.Provider value={{ value, select: onValueChange, id }}>
      <StyledRoot {...HORIZONTAL} {...rest}>
        {children}
      </StyledRoot>
    </StateContext.Provider>
  );
}

/** Where each key moves from tab `at` of `n`: arrows wrap around, Home and End go to the ends. */
const MOVES: Record<string, (at: number, n: number) => number> = {
  ArrowRight: (at, n) => (at + 1) % n,
  ArrowLeft: (at, n) => (at - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Focuses the tab the key moves to and selects it (automatic activation). */
function onListKey(event: KeyboardEvent<HTMLDivElement>, select: (value: string) => void) {
  const move = MOVES[event.key];
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.findIndex((t) => t === document.activeElement);
  if (!move || at < 0) return;
  const next = tabs[move(at, tabs.length)];
  if (!next) return;
  event.preventDefault();
  next.focus();
  if (next.dataset.value) select(next.dataset.value);
}

function List(props: HTMLChakraProps<'div'>) {
  const { select } = useTabs();
  return (
    <StyledList
      role="tablist"
      aria-orientation="horizontal"
      {...HORIZONTAL}
      onKeyDown={(e) => onListKey(e, select)}
      {...props}
    />
  );
}

function Trigger({ value, ...props }: HTMLChakraProps<'button'> & { value: string }) {
  const state = useTabs();
  const selected = state.value === value;
  return (
    <StyledTrigger
      type="button"
      role="tab"
      id={tabId(state.id, value)}
      aria-controls={panelId(state.id, value)}
      aria-selected={selected}
      data-selected={selected ? '' : undefined}
      data-value={value}
      tabIndex={selected ? 0 : -1}
      {...HORIZONTAL}
      onClick={() => state.select(value)}
      {...props}
    />
  );
}

function Content({ value, ...props }: HTMLChakraProps<'div'> & { value: string }) {
  const state = useTabs();
  if (state.value !== value) return null;
  return (
    <StyledContent
      role="tabpanel"
      id={panelId(state.id, value)}
      aria-labelledby={tabId(state.id, value)}
      tabIndex={0}
      {...HORIZONTAL}
      {...props}
    />
  );
}

export const SimpleTabs = { Root, List, Trigger, Content };
