import { z } from "zod";
import { pathTo } from "../path-to";

/** The Social Scheduler (docs/affiliates.md#social-scheduler). */
export const SOCIAL_PATHS = {
  posts: "/api/social/posts",
  webhook: "/api/social/webhook",
  post: "/api/social/posts/:id",
} as const;
export const socialPostPath = (id: string) => pathTo(SOCIAL_PATHS.post, { id });
export const SOCIAL_FEATURE = "marketing-tool:social-scheduler";
/** The public Atom feed of a user's published posts. */
export const socialFeedPath = (token: string) => `/feeds/social/${encodeURIComponent(token)}.atom`;

export const SOCIAL_NETWORKS = [
  { id: "x", label: "X" },
  { id: "linkedin", label: "LinkedIn" },
  { id: "facebook", label: "Facebook" },
  { id: "instagram", label: "Instagram" },
  { id: "threads", label: "Threads" },
  { id: "bluesky", label: "Bluesky" },
] as const;
export type TSocialNetwork = (typeof SOCIAL_NETWORKS)[number]["id"];

const httpsUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, message }));

export const ZNewSocialPost = z.object({
  network: z.enum(SOCIAL_NETWORKS.map((n) => n.id) as [TSocialNetwork, ...TSocialNetwork[]], {
    message: "Choose a network.",
  }),
  text: z.string().trim().min(1, "Write the post.").max(3000, "Keep the post under 3,000 characters."),
  link: z.union([z.literal(""), httpsUrl("The link must be a web address.")]).optional(),
  imageUrl: z.union([z.literal(""), httpsUrl("The image must be a web address.")]).optional(),
  /** ISO date-time; must be in the future (and within a year). */
  scheduledAt: z.iso.datetime({ offset: true, message: "Choose when to publish." }),
});
export type TNewSocialPost = z.input<typeof ZNewSocialPost>;

export const ZWebhookBody = z.object({
  url: z.union([z.literal(""), httpsUrl("The webhook must be an https:// address.")]),
});

export const ZSocialPost = z.object({
  id: z.string(),
  network: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  imageUrl: z.string().nullable(),
  scheduledAt: z.string(),
  publishedAt: z.string().nullable(),
  webhookStatus: z.string().nullable(),
});
export type TSocialPost = z.infer<typeof ZSocialPost>;

export const ZSocialSchedule = z.object({
  /** The absolute address of the public Atom feed. */
  feedUrl: z.string(),
  webhookUrl: z.string().nullable(),
  posts: z.array(ZSocialPost),
});
export type TSocialSchedule = z.infer<typeof ZSocialSchedule>;
