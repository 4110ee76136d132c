import type { TAdminUser } from "@shared/api/admin/users";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate, formatNumber } from "@/lib/format";
import { getUserPage, userKeys } from "../api/users";
import { AdminSearch } from "../components/admin-search";
import { AdminTable } from "../components/admin-table";
import { UserReviewDialog } from "../components/user-review-dialog";

/** Users: find an account, review it, suspend or restore it. */
export default function UsersPage() {
  const [q, setQ] = useState("");
  const [reviewing, setReviewing] = useState<string | null>(null);

  return (
    <div className="grid gap-6">
      <AdminSearch label="Search users" textLabel="Email, username or name" onSearch={setQ} />
      <AdminTable<TAdminUser>
        label="Users"
        queryKey={userKeys.page(q)}
        fetchPage={(cursor) => getUserPage(q, cursor)}
        empty="No account matches this search."
        columns={[
          { header: "Name", cell: (u) => `${u.name} (@${u.username})` },
          { header: "Email", cell: (u) => <span className="break-all">{u.email}</span> },
          { header: "Plan", cell: (u) => (u.role === "staff" ? `${u.plan} · staff` : u.plan) },
          { header: "Domains", cell: (u) => formatNumber(u.domains), className: "text-right" },
          { header: "Joined", cell: (u) => formatDate(u.createdAt) },
          {
            header: "Account",
            cell: (u) => (
              <div className="flex items-center gap-2">
                {u.suspendedAt && <Badge variant="destructive">Suspended</Badge>}
                <Button variant="outline" size="sm" onClick={() => setReviewing(u.id)}>
                  Review
                </Button>
              </div>
            ),
          },
        ]}
      />
      <UserReviewDialog id={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}
