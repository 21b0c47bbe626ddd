import { api } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';

const blogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /blog/{id}.md: the post's markdown body (docs/product.md §7, Data and storage). */
    getPostBody: build.query<string, string>({
      async queryFn(id) {
        try {
          const response = await fetch(`/blog/${encodeURIComponent(id)}.md`);
          if (!response.ok) return { error: { message: `Could not load /blog/${id}.md (HTTP ${response.status})` } };
          return { data: await response.text() };
        } catch (error) {
          return { error: { message: error instanceof Error ? error.message : String(error) } };
        }
      },
    }),
    /** Stores a newsletter address through the anon-callable rpc subscribe_to_newsletter(email). */
    subscribeToNewsletter: build.mutation<null, string>({
      async queryFn(email) {
        try {
          const supabase = await loadSupabase();
          const { error } = await supabase.rpc('subscribe_to_newsletter', { email });
          return error ? { error: { message: error.message, code: error.code } } : { data: null };
        } catch (error) {
          return { error: { message: error instanceof Error ? error.message : String(error) } };
        }
      },
    }),
  }),
});

export const { useGetPostBodyQuery, useSubscribeToNewsletterMutation } = blogApi;
