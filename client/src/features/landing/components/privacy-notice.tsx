import type { ReactNode } from "react";

/** Where privacy questions and deletion requests go. */
const PRIVACY_CONTACT = "privacy@parkpilot.app";

const SECTIONS: readonly { title: string; body: ReactNode }[] = [
  {
    title: "What we collect",
    body: (
      <p>
        When you ask for quotes we store the email address and ZIP code you enter, the time of the request,
        and the website address the form was submitted on. From the ZIP code we look up your city and state;
        we do not ask for your street address.
      </p>
    ),
  },
  {
    title: "Why we collect it",
    body: (
      <p>
        To prepare car insurance quotes for your area. We share your email, ZIP code, city and state with our
        partner insurers for that purpose only, and they may contact you about your quotes. If you submit the
        same details twice within 24 hours, we keep a single request.
      </p>
    ),
  },
  {
    title: "Who else sees it",
    body: (
      <p>
        If you reached the form through a partner website, that website's owner is credited for the referral.
        We do not sell your details to anyone else, and we never ask for payment details on this page.
      </p>
    ),
  },
  {
    title: "How long we keep it",
    body: (
      <p>
        We keep a quote request for as long as needed to provide and follow up your quotes and to keep
        accurate business records, then delete it. You can ask us to delete it sooner at any time.
      </p>
    ),
  },
  {
    title: "Your choices and contact",
    body: (
      <p>
        To see, correct or delete the details we hold about you, or to ask a question about this notice, email{" "}
        <a
          className="font-medium text-emerald-700 underline underline-offset-2"
          href={`mailto:${PRIVACY_CONTACT}`}
        >
          {PRIVACY_CONTACT}
        </a>
        .
      </p>
    ),
  },
];

export function PrivacyNotice() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <h1 className="font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">Privacy Notice</h1>
      <p className="mt-4 text-lg text-slate-600">
        What happens to the details you give us when you request car insurance quotes.
      </p>
      <div className="mt-10 grid gap-8">
        {SECTIONS.map(({ title, body }) => (
          <section key={title} className="grid gap-2 text-slate-700 leading-relaxed">
            <h2 className="font-semibold text-slate-900 text-xl">{title}</h2>
            {body}
          </section>
        ))}
      </div>
    </article>
  );
}
