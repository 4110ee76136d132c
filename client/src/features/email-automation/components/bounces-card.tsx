import type { TEmailAutomation } from "@shared/api/email-automation";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** Emails the recipients' mail servers refused, one row per refused email, newest first. */
export function BouncesCard({ bounces }: { bounces: TEmailAutomation["bounces"] }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Bounced</CardTitle>
        <CardDescription>
          A hard bounce (the address was refused for good) stops every sequence mailing that address. A soft
          bounce (refused for now on three tries, a run apart) does not.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {bounces.length === 0 ? (
          <p className="text-muted-foreground text-sm">No email has bounced.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Address</TableHead>
                <TableHead>Bounce</TableHead>
                <TableHead>Sequence</TableHead>
                <TableHead>Mail server's answer</TableHead>
                <TableHead>Date</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {bounces.map((b) => (
                <TableRow key={`${b.email}-${b.sequence}-${b.step}`}>
                  <TableCell>{b.email}</TableCell>
                  <TableCell>
                    <Badge variant={b.kind === "hard" ? "destructive" : "secondary"}>{b.kind}</Badge>
                  </TableCell>
                  <TableCell>
                    {b.sequence}, email {b.step + 1}
                  </TableCell>
                  <TableCell className="max-w-64 truncate text-muted-foreground" title={b.detail ?? ""}>
                    {b.detail ?? "—"}
                  </TableCell>
                  <TableCell>{b.at.slice(0, 10)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
