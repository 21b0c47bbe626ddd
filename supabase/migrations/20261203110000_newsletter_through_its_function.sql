-- The blog subscribes through subscribe_to_newsletter, which answers the same whether the address was known.
-- A direct insert answered 409 for a subscribed address and 201 for another, telling anyone who is subscribed:
-- visitors and applicants subscribe only through the function now.

revoke insert on table public.newsletter_subscriptions from anon, authenticated;
drop policy "Visitors can subscribe to the newsletter" on public.newsletter_subscriptions;
