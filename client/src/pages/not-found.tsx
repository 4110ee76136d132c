import { CircleAlert } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

export default function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-3">
            <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
            <h1 className="font-bold text-2xl text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-muted-foreground text-sm">Did you forget to add the page to the router?</p>
          {/* A plain link: the landing page is its own document (landing.html). */}
          <a href="/" className={buttonVariants({ variant: "outline", className: "mt-6" })}>
            Back to home
          </a>
        </CardContent>
      </Card>
    </main>
  );
}
