import { toast } from "@/lib/toast";

/**
 * Copies a link to the clipboard and says so; when the browser refuses, tells the user to copy
 * it by hand. Resolves to whether it worked.
 */
export async function copyLink(link: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    toast({
      variant: "destructive",
      title: "Copy Failed",
      description: "Your browser blocked the clipboard. Select the link and copy it by hand.",
    });
    return false;
  }
  toast({ title: "Link Copied!", description: `Your ${what} is on the clipboard.` });
  return true;
}

/** The absolute address of a path on this site. */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).toString();
