import { List } from '@chakra-ui/react';
import { CheckIcon } from './icons.tsx';

/** A list whose items each start with a green check mark (next steps, what to expect). */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <List.Root gap="2" variant="plain">
      {items.map((item) => (
        <List.Item key={item} alignItems="flex-start" color="gray.700">
          <List.Indicator asChild color="green.700" mt="1">
            <CheckIcon boxSize="4" flexShrink={0} />
          </List.Indicator>
          {item}
        </List.Item>
      ))}
    </List.Root>
  );
}
