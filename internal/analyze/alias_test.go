package analyze

import "testing"

func TestOtherNameOf(t *testing.T) {
	answer := "Options:\n\n1. **Shopify** – easiest to run.\n2. **Adobe Commerce (Magento)** – maximum flexibility if you have developers.\n3. **Auto (Geico):** often cheapest."
	if !otherNameOf(answer, "Magento", []string{"Adobe Commerce", "Magento"}, nil) {
		t.Error(`"Magento" in "Adobe Commerce (Magento)" is not read as Adobe Commerce's other name`)
	}
	if otherNameOf(answer, "Geico", []string{"Auto", "Geico"}, nil) {
		t.Error(`"Geico" in "Auto (Geico)" is read as another name of a label`)
	}
	for _, m := range FindMentions(answer, []Tracked{{Name: "Shopify"}}) {
		if m.Name == "Magento" {
			t.Errorf("Magento taken for a brand of its own: %+v", m)
		}
	}
}

func TestNumberedPlan(t *testing.T) {
	for name, want := range map[string]string{
		"Microsoft 365 Business Basic": "Microsoft 365",
		"Things 3 Free":                "Things 3",
		"Xiaomi 15 Ultra":              "Xiaomi",
	} {
		answer := "It comes with " + name + " at about $6."
		if got := cutProductLine(answer, name, nil, false); got != want {
			t.Errorf("cutProductLine(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestNumberedSuite(t *testing.T) {
	for name, want := range map[string]string{
		"Microsoft Dynamics 365":       "Microsoft Dynamics 365",
		"Microsoft Dynamics 365 Sales": "Microsoft Dynamics 365 Sales",
		"Gregory Focal 48":             "Gregory",
	} {
		answer := "Consider Salesforce or " + name + " if you need depth."
		if got := cutProductLine(answer, name, nil, false); got != want {
			t.Errorf("cutProductLine(%q) = %q, want %q", name, got, want)
		}
	}
	ms := FindMentions("Avoid heavyweight platforms such as Salesforce or Microsoft Dynamics 365 at this stage.", []Tracked{{Name: "HubSpot"}})
	for _, m := range ms {
		if m.Name == "Microsoft" {
			t.Errorf("Microsoft Dynamics 365 cut to %q", m.Name)
		}
	}
}
