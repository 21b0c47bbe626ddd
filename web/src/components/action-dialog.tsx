import {
  cloneElement,
  isValidElement,
  Suspense,
  useEffect,
  useId,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { lazyComponent } from '../lib/lazy-component.ts';

/**
 * The dialog itself (Chakra's dialog and the state machines behind it, some 20 KB gzip) is not part of the first
 * load of the pages that offer dialogs (the portal, the admin dashboard), nor of the work done before they are
 * interactive: it is fetched at the visitor's first touch, click or key press on such a page, so that it is usually
 * here by the time a dialog opens; sooner if the pointer is over a dialog's button or the button has focus.
 */
const ActionDialogWindow = lazyComponent(
  () => import('./action-dialog-window.tsx'),
  (module) => module.ActionDialogWindow,
);
let preloadArmed = false;
function preloadWindowOnFirstInteraction() {
  if (preloadArmed) return;
  preloadArmed = true;
  const preload = () => {
    window.removeEventListener('pointerdown', preload, true);
    window.removeEventListener('keydown', preload, true);
    void ActionDialogWindow.preload();
  };
  window.addEventListener('pointerdown', preload, { capture: true, passive: true });
  window.addEventListener('keydown', preload, { capture: true, passive: true });
}

export type ActionDialogProps = {
  /** The button that opens the dialog (its click handler and ARIA attributes are set here). */
  trigger: ReactNode;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  confirmPalette: 'red' | 'green' | 'blue';
  busy: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** 'alertdialog' for a destructive confirmation. */
  role?: 'dialog' | 'alertdialog';
  /** False for a dialog that only shows something: its one button closes it, with no Cancel beside it. */
  cancellable?: boolean;
  /** The closing button's words, where 'Cancel' would read like the action (cancelling a request). */
  cancelLabel?: string;
  /** True while there is nothing the action could do (the body says why): its button is disabled. */
  confirmDisabled?: boolean;
  /**
   * The name of the form the body holds, for a dialog of fields: the dialog is then that form, so Enter in a
   * field confirms it, as the action's button does.
   */
  form?: string;
};

/** A modal that asks before an action: a title, a body, Cancel and the action's button (shows busy while it runs). */
export function ActionDialog({ trigger, open, onOpenChange, ...dialog }: ActionDialogProps) {
  // A list may show dozens of these (three per pending application): the dialog is set up the first time it
  // opens, and until then only its button is rendered (the admin's first page renders in about half the time).
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  const triggerId = useId();
  useEffect(preloadWindowOnFirstInteraction, []);
  const opener = isValidElement(trigger)
    ? cloneElement(trigger as ReactElement<Record<string, unknown>>, {
        id: triggerId,
        onClick: () => onOpenChange(true),
        onPointerEnter: () => void ActionDialogWindow.preload(),
        onFocus: () => void ActionDialogWindow.preload(),
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
      })
    : trigger;
  // The button keeps its place in the tree when the dialog is set up beside it, so React keeps the same
  // element: it stays focused, and closing the dialog returns focus to it.
  return (
    <>
      {opener}
      {used ? (
        <Suspense fallback={null}>
          <ActionDialogWindow {...dialog} open={open} onOpenChange={onOpenChange} triggerId={triggerId} />
        </Suspense>
      ) : null}
    </>
  );
}

/** A dialog that only shows something, opened by `trigger`, with one Close button. */
export function ViewDialog({
  trigger,
  title,
  children,
}: {
  trigger: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      trigger={trigger}
      confirmLabel="Close"
      confirmPalette="blue"
      busy={false}
      onConfirm={() => setOpen(false)}
      cancellable={false}
    >
      {children}
    </ActionDialog>
  );
}
