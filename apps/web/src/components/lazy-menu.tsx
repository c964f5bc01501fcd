import {
  type ComponentType,
  cloneElement,
  type LazyExoticComponent,
  type ReactElement,
  type Ref,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";

/** What a lazily loaded menu receives: the trigger to wrap in its `Menu.Target`. */
export interface LoadedMenuProps {
  trigger: ReactElement<TriggerProps>;
}

/** The trigger button's props that the menu sets: its handlers, ARIA state and ref. */
type TriggerProps = Record<string, unknown> & { ref?: Ref<HTMLButtonElement> };

/**
 * A header menu whose Mantine `Menu` loads on first use rather than with the page: the menu and
 * its positioning library are about 25 kB gzip that a first load does not need (issue 8's
 * first-load budget). Until then the trigger is the same button, announced as a menu button; a
 * pointer over it or focus on it starts the download, and a click (or Enter) opens the menu as
 * soon as it has arrived. `load` is the menu module's import, `Menu` the `lazy` of it.
 */
export function LazyMenu<P extends object>({
  Menu,
  load,
  props,
  trigger,
}: {
  Menu: LazyExoticComponent<ComponentType<P & LoadedMenuProps>>;
  load: () => Promise<unknown>;
  props: P;
  trigger: ReactElement<TriggerProps>;
}) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void load().catch(() => undefined);
  const unloaded = cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onClick: () => setWanted(true),
    onPointerEnter: preload,
    onFocus: preload,
  });
  if (!wanted) return unloaded;
  return (
    <Suspense fallback={unloaded}>
      <Menu {...props} trigger={trigger} />
    </Suspense>
  );
}

/**
 * For the loaded menu: it replaces the button shown before loading, so its own trigger (`target`,
 * for `Menu.Target`) takes the focus over, where closing the menu returns it, and it opens at once.
 */
export function useOpenedOnLoad(trigger: LoadedMenuProps["trigger"]): {
  opened: boolean;
  setOpened: (opened: boolean) => void;
  target: ReactElement;
} {
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    targetRef.current?.focus();
    setOpened(true);
  }, []);
  return { opened, setOpened, target: cloneElement(trigger, { ref: targetRef }) };
}
