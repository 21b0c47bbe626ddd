import { HStack, Text } from '@chakra-ui/react';
import { formatPostDate, type BlogPost } from './posts.ts';

/** Date and read time of a post. */
export function PostMeta({ post, color = 'gray.600' }: { post: BlogPost; color?: string }) {
  return (
    <HStack gap="2" fontSize="sm" color={color} flexWrap="wrap">
      <Text asChild>
        <time dateTime={post.publishedOn}>{formatPostDate(post.publishedOn)}</time>
      </Text>
      <Text aria-hidden="true">·</Text>
      <Text>{post.readMinutes} min read</Text>
    </HStack>
  );
}
