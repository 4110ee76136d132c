import { PageHeader } from "@/components/page-header";

export default function DomainsPage() {
  return <PageHeader title="Domain Portfolio" />;
}
