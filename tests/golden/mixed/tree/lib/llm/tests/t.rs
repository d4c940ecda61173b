let r = request.clone();
