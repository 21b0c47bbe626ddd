import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type ActionDialogProps = {
  /** The button that opens the dialog. */
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
};

/** A modal that asks before an action: a title, a body, Cancel and the action's button (shows busy while it runs). */
export function ActionDialog({
  trigger,
  title,
  children,
  confirmLabel,
  confirmPalette,
  busy,
  open,
  onOpenChange,
  onConfirm,
  role = 'dialog',
}: ActionDialogProps) {
  return (
    <Dialog.Root role={role} open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content overflowWrap="anywhere">
            <Dialog.Header>
              <Dialog.Title overflowWrap="anywhere" minW="0">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={confirmPalette} loading={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
