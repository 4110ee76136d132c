import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SocialChannel } from "@/features/social/components/social-posts";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

const puts = () => server.received.filter((r) => r.method === "PUT");
const address = () => screen.getByLabelText("Webhook address") as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save webhook" }));

function openChannel() {
  renderWithQueries(
    <SocialChannel
      schedule={{ feedUrl: "https://parkpilot.example/feed.atom", webhookUrl: null, posts: [] }}
    />,
  );
}

describe("the social webhook", () => {
  it("shows the shared address rule at the field and sends nothing", async () => {
    openChannel();
    fireEvent.change(address(), { target: { value: "ftp://hooks.example.com" } });
    save();

    await waitFor(() => expect(errorOf(address())).toBe("The webhook must be an https:// address."));
    expect(puts()).toEqual([]);
  });

  it("sends the trimmed address, and an empty one to clear it", async () => {
    server.handle((_req, res) => sendJson(res, 200, { ok: true }));
    openChannel();
    fireEvent.change(address(), { target: { value: "  https://hooks.example.com/post " } });
    save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ url: "https://hooks.example.com/post" });
    // The button is disabled while the first save is on its way; a click then sends nothing.
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Save webhook" }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );

    fireEvent.change(address(), { target: { value: "   " } });
    save();
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].body).toEqual({ url: "" });
  });
});
