package solve

// FrontierRow is a value or bound Kombi has proven at the edge of what is
// known (`kombi report frontier`): what it is, the value, how it was
// proven, the command that reproduces it and the machine time it took.
type FrontierRow struct {
	What    string `json:"what"`
	Value   string `json:"value"`
	How     string `json:"how"`
	Command string `json:"command"`
	// MachineTime says what the command took and where; Seconds is its
	// CPU time, 0 when not measured.
	MachineTime string  `json:"machine_time"`
	Seconds     float64 `json:"seconds"`
}
