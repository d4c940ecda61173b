fn f() {
	let a = "x\"|y".clone();
    let é = b.clone(); // 😀
    c.clone()\�
}
