import { Badge, Box, Container, Heading, Image, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../../../../shared/brand/brand.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { PostMeta } from './post-meta.tsx';
import { blogPosts, type BlogPost } from './posts.ts';

function PostCard({ post, featured = false }: { post: BlogPost; featured?: boolean }) {
  return (
    <Stack
      as="article"
      aria-labelledby={`post-${post.id}`}
      direction={featured ? { base: 'column', md: 'row' } : 'column'}
      borderWidth="1px"
      borderRadius="xl"
      overflow="hidden"
      bg="white"
      gap="0"
      h="full"
    >
      <Image
        src={post.heroImage}
        alt=""
        width={featured ? 640 : 480}
        height={featured ? 360 : 270}
        w={featured ? { base: 'full', md: '55%' } : 'full'}
        h="auto"
        objectFit="cover"
        loading={featured ? 'eager' : 'lazy'}
      />
      <Stack p="6" gap="3" flex="1" justify="center">
        <Stack direction="row" gap="2">
          {featured ? <Badge colorPalette="blue">Featured</Badge> : null}
          <Badge colorPalette="gray">{post.category}</Badge>
        </Stack>
        <Heading as={featured ? 'h2' : 'h3'} id={`post-${post.id}`} size={featured ? '2xl' : 'lg'}>
          <Link asChild color="gray.900">
            <RouterLink to={`/blog/${post.id}`}>{post.title}</RouterLink>
          </Link>
        </Heading>
        <Text color="gray.700">{post.excerpt}</Text>
        <PostMeta post={post} />
      </Stack>
    </Stack>
  );
}

/** /blog: the featured (newest) post, the others in a grid, and the newsletter box. */
export function BlogListPage() {
  const [featured, ...others] = blogPosts;
  return (
    <>
      <PageMeta
        title="Blog"
        description={`Plain-English guides from ${brand.productName} on SBA loans, business plans and commercial real estate financing for small business owners.`}
      />
      <PageHeader title={`The ${brand.productName} Blog`}>
        Practical guides to business financing, written by people who prepare loan files every day.
      </PageHeader>
      <Container maxW="6xl" py={{ base: '10', md: '14' }}>
        {featured ? <PostCard post={featured} featured /> : null}
        <Box as="section" aria-labelledby="more-articles-title" mt="14">
          <Heading as="h2" id="more-articles-title" size="2xl">
            More Articles
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" mt="6">
            {others.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </SimpleGrid>
        </Box>
        <Box mt="14">
          <NewsletterForm />
        </Box>
      </Container>
    </>
  );
}
