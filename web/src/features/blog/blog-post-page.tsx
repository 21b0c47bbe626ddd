import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Flex,
  Heading,
  HStack,
  Image,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { brand } from '../../../../shared/brand/brand.ts';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { useGetPostBodyQuery } from './blog-api.ts';
import { MarkdownArticle } from './markdown-article.tsx';
import { PostMeta } from './post-meta.tsx';
import { blogAuthor, findBlogPost } from './posts.ts';

function BackToBlog() {
  return (
    <Link asChild color="blue.700" fontWeight="semibold">
      <RouterLink to="/blog">
        <ArrowLeftIcon boxSize="4" />
        Back to Blog
      </RouterLink>
    </Link>
  );
}

function PostNotFound() {
  return (
    <Container maxW="3xl" py="16">
      <PageMeta title="Article Not Found" description="This article could not be found." />
      <meta name="robots" content="noindex" />
      <BackToBlog />
      <Heading as="h1" size="2xl" mt="8">
        Article not found
      </Heading>
      <Text mt="4" color="gray.700">
        Sorry, we could not find this article. It may have moved, or there may be a typo in the address.
      </Text>
      <Button asChild mt="8" colorPalette="blue">
        <RouterLink to="/blog">See all articles</RouterLink>
      </Button>
    </Container>
  );
}

function AuthorCard() {
  return (
    <HStack
      as="aside"
      aria-label="About the author"
      gap="4"
      align="flex-start"
      borderWidth="1px"
      borderRadius="lg"
      p="6"
      bg="gray.50"
    >
      <Flex
        aria-hidden="true"
        flexShrink="0"
        align="center"
        justify="center"
        boxSize="12"
        borderRadius="full"
        bg="blue.700"
        color="white"
        fontWeight="bold"
      >
        {blogAuthor.initials}
      </Flex>
      <Box>
        <Text fontWeight="semibold" color="gray.900">
          {blogAuthor.name}
        </Text>
        <Text fontSize="sm" color="gray.600">
          {blogAuthor.role}
        </Text>
        <Text mt="2" color="gray.700">
          {blogAuthor.bio}
        </Text>
      </Box>
    </HStack>
  );
}

/** /blog/{id}: the post's markdown loaded from /blog/{id}.md (docs/product.md §2, Blog). */
export function BlogPostPage() {
  const { id } = useParams();
  const post = findBlogPost(id);
  const { data: markdown, error, isLoading } = useGetPostBodyQuery(post?.id ?? '', { skip: !post });

  useEffect(() => {
    // A failed load is only logged (docs/product.md §8, Other); the reader sees a friendly message.
    if (!post) console.error(`No blog post with id "${id}"`);
    else if (error) console.error(`Could not load blog post "${post.id}"`, error);
  }, [id, post, error]);

  if (!post || error) return <PostNotFound />;

  return (
    <>
      <PageMeta title={post.title} description={post.excerpt} />
      <Container maxW="3xl" pt={{ base: '8', md: '12' }}>
        <BackToBlog />
        <Stack gap="4" mt="8">
          <Badge alignSelf="flex-start" colorPalette="gray">
            {post.category}
          </Badge>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.2">
            {post.title}
          </Heading>
          <PostMeta post={post} />
        </Stack>
      </Container>
      <Container maxW="4xl" mt="8">
        <Image src={post.heroImage} alt="" width={960} height={540} w="full" h="auto" borderRadius="xl" />
      </Container>
      <Container as="article" aria-label={post.title} maxW="3xl" py={{ base: '8', md: '12' }}>
        {isLoading || markdown === undefined ? (
          <Flex justify="center" py="16">
            <Spinner size="lg" aria-label="Loading article" />
          </Flex>
        ) : (
          <MarkdownArticle markdown={markdown} />
        )}
      </Container>
      <Container maxW="3xl" pb="8">
        <AuthorCard />
        <Alert.Root status="info" mt="8">
          <Alert.Indicator />
          <Alert.Description>
            This article is general information, not legal, tax or financial advice. {brand.productName} is not a
            lender; program rules change, so confirm current terms with your lender.
          </Alert.Description>
        </Alert.Root>
        <Box mt="8">
          <BackToBlog />
        </Box>
      </Container>
    </>
  );
}
