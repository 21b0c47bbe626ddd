import {
  cloneElement,
  isValidElement,
  lazy,
  Suspense,
  useId,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * The dialog itself (Chakra's dialog and the state machines behind it, some 25 KB gzip) loads when a dialog is
 * first about to open: the pages that offer dialogs (the portal, the admin dashboard) show without that code. The
 * trigger starts the load as soon as the pointer is over it or it has focus, so it is usually in by the click.
 */
const loadWindow = () => import('./action-dialog-window.tsx');
const ActionDialogWindow = lazy(async () => ({ default: (await loadWindow()).ActionDialogWindow }));

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
  const opener = isValidElement(trigger)
    ? cloneElement(trigger as ReactElement<Record<string, unknown>>, {
        id: triggerId,
        onClick: () => onOpenChange(true),
        onPointerEnter: () => void loadWindow(),
        onFocus: () => void loadWindow(),
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
