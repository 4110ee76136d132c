import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The frame of one settings card: an icon, a title that names the region, a description. */
export function SettingsCard(props: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const Icon = props.icon;
  const headingId = `${props.id}-heading`;
  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col">
      <CardHeader className="flex-row items-start gap-3 space-y-0 pb-4">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <Icon aria-hidden="true" className="size-[18px]" />
        </span>
        <div className="grid gap-1">
          <CardTitle id={headingId} className="text-base">
            {props.title}
          </CardTitle>
          <CardDescription>{props.description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex-1">{props.children}</CardContent>
    </Card>
  );
}
