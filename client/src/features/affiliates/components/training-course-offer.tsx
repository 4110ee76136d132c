import { optionById, TRAINING_COURSES } from "@shared/catalog";
import { GraduationCap } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

/** Expert Training: buy one course; nothing is chosen until the user picks one. */
export function TrainingCourseOffer() {
  const [courseId, setCourseId] = useState<(typeof TRAINING_COURSES)[number]["id"] | null>(null);
  const course = courseId ? optionById(TRAINING_COURSES, courseId) : null;

  return (
    <OfferCard
      icon={GraduationCap}
      tone="bg-blue-50 text-blue-600"
      title="Expert Training"
      blurb="Courses from top affiliate marketers on recruiting, converting and scaling your network."
      highlight="Lifetime access"
    >
      <OfferDialog
        offerKey="trainingCourse"
        trigger={
          <Button variant="outline" className="w-full">
            Browse Courses
          </Button>
        }
        icon={GraduationCap}
        title="Expert Training"
        description="Pick a course. You get lifetime access once the payment is complete."
        price={course?.price ?? null}
        body={course ? { courseId: course.id, price: course.price } : null}
        buyLabel="Purchase Course"
        onPurchased={() => setCourseId(null)}
      >
        <OptionGrid
          name="training-course"
          legend="Course"
          options={TRAINING_COURSES}
          chosen={courseId ? [courseId] : []}
          onToggle={setCourseId}
        />
      </OfferDialog>
    </OfferCard>
  );
}
