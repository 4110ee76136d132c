import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { IconCardHeader } from "@/components/icon-card-header";
import { Card, CardContent } from "@/components/ui/card";

/** The frame of one settings card: an icon, a title that names the region, a description. */
export function SettingsCard(props: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = `${props.id}-heading`;
  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col">
      <IconCardHeader
        className="pb-4"
        icon={props.icon}
        titleId={headingId}
        title={props.title}
        description={props.description}
      />
      <CardContent className="flex-1">{props.children}</CardContent>
    </Card>
  );
}
