import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";

/** The card of the signed-out account pages (password reset), as on /login. */
export function AuthCard(props: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="w-full max-w-md shadow-lg">
      <CardHeader className="gap-2 pb-4">
        <h1 className="font-semibold text-2xl leading-tight tracking-tight">{props.title}</h1>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">{props.children}</CardContent>
    </Card>
  );
}
